import { type RmKind } from '@klinik/shared';
import { useTRPCClient } from '../../../../lib/trpc';

/** The tRPC client the entry calls go through. */
export type Client = ReturnType<typeof useTRPCClient>;

/** Creates, corrects or voids an entry of any kind through its own procedure. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the input shape depends on the kind
export type AnyInput = any;
export async function createEntry(client: Client, kind: RmKind, visit: number, input: AnyInput, key: string) {
  const body = { ...input, id: visit, idempotency_key: key };
  switch (kind) {
    case 'soap':
      return client.medicalRecords.soap.create.mutate(body);
    case 'treatment':
      return client.medicalRecords.treatment.create.mutate(body);
    case 'produk':
      return client.medicalRecords.produk.create.mutate(body);
    case 'bhp':
      return client.medicalRecords.bhp.create.mutate(body);
    case 'resep':
      return client.medicalRecords.resep.create.mutate(body);
    case 'alergi':
      return client.medicalRecords.alergi.create.mutate(body);
    case 'lab':
      return client.medicalRecords.lab.create.mutate(body);
  }
}
export async function correctEntry(client: Client, kind: RmKind, id: number, input: AnyInput) {
  const body = { ...input, id };
  switch (kind) {
    case 'soap':
      return client.medicalRecords.soap.correct.mutate(body);
    case 'treatment':
      return client.medicalRecords.treatment.correct.mutate(body);
    case 'produk':
      return client.medicalRecords.produk.correct.mutate(body);
    case 'bhp':
      return client.medicalRecords.bhp.correct.mutate(body);
    case 'resep':
      return client.medicalRecords.resep.correct.mutate(body);
    case 'alergi':
      return client.medicalRecords.alergi.correct.mutate(body);
    case 'lab':
      return client.medicalRecords.lab.correct.mutate(body);
  }
}
export async function voidEntry(client: Client, kind: RmKind, id: number, input: { reason: string; version?: number }) {
  const body = { ...input, id };
  switch (kind) {
    case 'soap':
      return client.medicalRecords.soap.void.mutate(body);
    case 'treatment':
      return client.medicalRecords.treatment.void.mutate(body);
    case 'produk':
      return client.medicalRecords.produk.void.mutate(body);
    case 'bhp':
      return client.medicalRecords.bhp.void.mutate(body);
    case 'resep':
      return client.medicalRecords.resep.void.mutate(body);
    case 'alergi':
      return client.medicalRecords.alergi.void.mutate(body);
    case 'lab':
      return client.medicalRecords.lab.void.mutate(body);
  }
}
export async function historyOf(client: Client, kind: RmKind, id: number) {
  switch (kind) {
    case 'soap':
      return client.medicalRecords.soap.history.query({ id });
    case 'treatment':
      return client.medicalRecords.treatment.history.query({ id });
    case 'produk':
      return client.medicalRecords.produk.history.query({ id });
    case 'bhp':
      return client.medicalRecords.bhp.history.query({ id });
    case 'resep':
      return client.medicalRecords.resep.history.query({ id });
    case 'alergi':
      return client.medicalRecords.alergi.history.query({ id });
    case 'lab':
      return client.medicalRecords.lab.history.query({ id });
  }
}
