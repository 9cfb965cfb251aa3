import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera, KeyRound, Mail, MapPin, MessageCircle, Pencil, Phone, ToggleLeft, UserRound } from 'lucide-react';
import {
  ROLE_LABELS,
  TOPLEVEL_LABELS,
  formatDate,
  topLevelNameOf,
  waLink,
  type RoleName,
  type UserDto,
} from '@klinik/shared';
import { useSession } from '../lib/session';
import { errorItems, SESSION_KEY, useTRPC } from '../lib/trpc';
import { cn } from '../lib/utils';
import { Badge } from './ui/badge';
import { Button } from './ui/button';
import { Card, CardContent } from './ui/card';
import { ErrorList } from './ui/error-list';
import { UserAvatar } from './ui/avatar';
import { Skeleton } from './ui/skeleton';
import { SuccessDialog } from './ui/success-dialog';
import { ImageCropper } from './ImageCropper';
import { EditProfileDialog } from './profile/EditProfileDialog';
import { PasswordDialog } from './profile/PasswordDialog';
import { profilePermissions } from './profile/permissions';
import { StatusDialog, USER_STATUS_LABELS } from './profile/StatusDialog';

type DialogName = 'edit' | 'password' | 'status' | 'avatar' | null;

export function roleLabel(u: Pick<UserDto, 'rolename'>): string {
  return ROLE_LABELS[u.rolename as RoleName] ?? u.rolename;
}

export function topLevelLabel(u: Pick<UserDto, 'roletoplevel' | 'roletoplevelname'>): string {
  const name = topLevelNameOf(u.roletoplevel);
  return name ? TOPLEVEL_LABELS[name] : u.roletoplevelname;
}

/**
 * The user/patient profile card (spec 2.11): identity, contact with a WhatsApp link, address, guardian,
 * patient note, member level; edit, password, status and avatar dialogs for those allowed.
 */
export function ProfileCard({ userId, className }: { userId: number; className?: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const me = useSession();
  const query = useQuery({ ...trpc.users.get.queryOptions({ id: userId }), meta: { inlineErrors: true } });
  const [dialog, setDialog] = React.useState<DialogName>(null);
  const [success, setSuccess] = React.useState<{ title?: string; description?: string } | null>(null);

  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: trpc.users.pathKey() });
    if (userId === me.id) await qc.invalidateQueries({ queryKey: SESSION_KEY });
  };
  const done = (pendingMessage?: string) => {
    void refresh();
    setSuccess(
      pendingMessage
        ? { title: 'Menunggu Persetujuan', description: `${pendingMessage}. Perubahan berlaku setelah disetujui.` }
        : {},
    );
  };

  if (query.isPending) return <ProfileSkeleton className={className} />;
  if (query.error) return <ErrorList items={errorItems(query.error)} className={className} />;
  const u = query.data;
  const can = profilePermissions(me, u);
  const isPatient = u.role === 1;
  const wa = waLink(u.phone);
  const walis = [u.wali_name, u.wali_idcard, u.wali_phone, u.wali_email, u.wali_address].some(Boolean);

  return (
    <Card className={cn('gap-0 overflow-hidden p-0', className)} data-testid="profile-card">
      <div className="h-20 bg-gradient-to-r from-primary/80 to-primary/40" aria-hidden />
      <CardContent className="-mt-12 grid grid-cols-1 gap-6 pb-6">
        <div className="flex flex-col items-center gap-3 text-center sm:flex-row sm:items-end sm:text-left">
          <div className="relative">
            <UserAvatar
              name={u.name}
              src={u.avatarurl}
              initial={u.initial}
              className="size-24 border-4 border-card [&_span]:text-2xl"
            />
            {can.avatar ? (
              <Button
                size="icon"
                variant="secondary"
                className="absolute right-0 bottom-0 size-8 rounded-full border shadow"
                onClick={() => setDialog('avatar')}
                aria-label="Ganti foto"
              >
                <Camera />
              </Button>
            ) : null}
          </div>
          <div className="min-w-0 flex-1">
            <h2 className="truncate text-xl font-semibold" data-testid="profile-name">
              {u.name}
            </h2>
            {u.medisname ? <p className="text-sm text-muted-foreground">{u.medisname}</p> : null}
            <div className="mt-1 flex flex-wrap items-center justify-center gap-2 text-sm sm:justify-start">
              <span className="text-muted-foreground">
                {isPatient ? 'No. RM' : 'Username'}: <span className="font-medium text-foreground">{u.username}</span>
              </span>
              <Badge variant="secondary">{roleLabel(u)}</Badge>
              {u.roletoplevel > 0 ? <Badge variant="outline">{topLevelLabel(u)}</Badge> : null}
              <Badge variant={u.status === 1 ? 'success' : 'warning'} data-testid="profile-status">
                {USER_STATUS_LABELS[u.status] ?? u.status}
              </Badge>
              {u.membershipleveldata ? (
                <Badge className="bg-amber-500 text-white">Member {u.membershipleveldata.name}</Badge>
              ) : null}
            </div>
          </div>
          <div className="flex flex-wrap justify-center gap-2">
            {can.edit ? (
              <Button variant="outline" size="sm" onClick={() => setDialog('edit')}>
                <Pencil /> Edit
              </Button>
            ) : null}
            {can.password ? (
              <Button variant="outline" size="sm" onClick={() => setDialog('password')}>
                <KeyRound /> Password
              </Button>
            ) : null}
            {can.status ? (
              <Button variant="outline" size="sm" onClick={() => setDialog('status')}>
                <ToggleLeft /> Status
              </Button>
            ) : null}
          </div>
        </div>

        <div className="grid gap-6 md:grid-cols-2">
          <InfoBlock title="Data Diri" icon={<UserRound className="size-4" />}>
            <Info label="Jenis Kelamin" value={u.gendername} />
            <Info label="Status Pernikahan" value={u.maritalname} />
            <Info
              label="Tempat, Tanggal Lahir"
              value={[u.birth_place, u.birth_date ? formatDate(u.birth_date) : null].filter(Boolean).join(', ')}
            />
            <Info label="Umur" value={u.old !== null ? `${u.old} tahun` : null} />
            <Info label="NIK" value={u.idcard} />
            <Info label="Nomor IHS" value={u.ihs_number} />
            {!isPatient ? <Info label="Kode Absensi" value={u.attendance_code} /> : null}
            <Info
              label={isPatient ? 'Tanggal Daftar' : 'Tanggal Bergabung'}
              value={u.join_at ? formatDate(u.join_at) : null}
            />
          </InfoBlock>

          <InfoBlock title="Kontak" icon={<Phone className="size-4" />}>
            <Info
              label="Telepon"
              value={
                u.phone ? (
                  <span className="flex flex-wrap items-center gap-2">
                    {u.phone}
                    {wa ? (
                      <a
                        href={wa}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex items-center gap-1 rounded-md bg-success px-2 py-0.5 text-xs font-medium text-success-foreground hover:opacity-90"
                        data-testid="wa-link"
                      >
                        <MessageCircle className="size-3.5" /> Chat WhatsApp
                      </a>
                    ) : null}
                  </span>
                ) : null
              }
            />
            <Info
              label="Email"
              value={
                u.email ? (
                  <a href={`mailto:${u.email}`} className="text-primary break-all hover:underline">
                    <Mail className="mr-1 inline size-3.5 align-[-2px]" />
                    {u.email}
                  </a>
                ) : null
              }
            />
            <Info label="Instagram" value={u.instagram} />
          </InfoBlock>

          <InfoBlock title="Alamat" icon={<MapPin className="size-4" />}>
            <Info label="Alamat" value={u.address} />
            <Info label="Desa/Kelurahan" value={u.desa} />
            <Info label="Kecamatan" value={u.kecamatan} />
            <Info label="Kota/Kabupaten" value={u.city} />
            <Info label="Provinsi" value={u.provincy} />
            <Info label="Kode Pos" value={u.postalcode} />
          </InfoBlock>

          {walis ? (
            <InfoBlock title="Wali" icon={<UserRound className="size-4" />}>
              <Info label="Nama" value={u.wali_name} />
              <Info label="NIK" value={u.wali_idcard} />
              <Info
                label="Jenis Kelamin"
                value={u.wali_gender === null ? null : (['Laki-laki', 'Perempuan'][u.wali_gender] ?? null)}
              />
              <Info label="Telepon" value={u.wali_phone} />
              <Info label="Email" value={u.wali_email} />
              <Info label="Alamat" value={u.wali_address} />
            </InfoBlock>
          ) : null}

          {isPatient && u.note ? (
            <InfoBlock title="Catatan Pasien" className="md:col-span-2">
              <p className="text-sm whitespace-pre-line" data-testid="patient-note">
                {u.note}
              </p>
            </InfoBlock>
          ) : null}
        </div>
      </CardContent>

      {can.edit ? (
        <EditProfileDialog
          user={u}
          open={dialog === 'edit'}
          onOpenChange={(o) => setDialog(o ? 'edit' : null)}
          onSaved={() => done()}
        />
      ) : null}
      {can.password ? (
        <PasswordDialog
          userId={u.id}
          open={dialog === 'password'}
          onOpenChange={(o) => setDialog(o ? 'password' : null)}
          onSaved={() => done()}
        />
      ) : null}
      {can.status ? (
        <StatusDialog
          userId={u.id}
          name={u.name}
          current={u.status}
          open={dialog === 'status'}
          onOpenChange={(o) => setDialog(o ? 'status' : null)}
          onSaved={done}
        />
      ) : null}
      {can.avatar ? (
        <ImageCropper
          open={dialog === 'avatar'}
          onOpenChange={(o) => setDialog(o ? 'avatar' : null)}
          kind="avatar"
          title="Ganti Foto Profil"
          uploadUrl={`/api/users/uploadavatar/${u.id}`}
          onUploaded={() => done()}
        />
      ) : null}
      <SuccessDialog
        open={success !== null}
        onClose={() => setSuccess(null)}
        title={success?.title}
        description={success?.description}
      />
    </Card>
  );
}

function InfoBlock({
  title,
  icon,
  children,
  className,
}: {
  title: string;
  icon?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('grid content-start gap-2', className)}>
      <h3 className="flex items-center gap-2 border-b pb-1 text-sm font-semibold text-muted-foreground">
        {icon}
        {title}
      </h3>
      <dl className="grid gap-1.5">{children}</dl>
    </section>
  );
}

function Info({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">
        {value === null || value === undefined || value === '' ? (
          <span className="text-muted-foreground">-</span>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

function ProfileSkeleton({ className }: { className?: string }) {
  return (
    <Card className={cn('grid gap-4 p-6', className)}>
      <div className="flex items-center gap-4">
        <Skeleton className="size-24 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-32" />
        </div>
      </div>
      <Skeleton className="h-40 w-full" />
    </Card>
  );
}
