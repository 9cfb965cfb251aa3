import type { TestApp, TestUser } from '../helpers.js';

/** Branch B, where a factory creates its row, and the users that may create it there. */
export interface FactoryEnv {
  t: TestApp;
  branch: number;
  /** A manager of branch B with every privilege. */
  manager: TestUser;
  /** An owner (top-level) working in branch B, for rows only top-level users create. */
  owner: TestUser;
  /** POST as the manager (or the given user) and answer the response's data; fails the test unless 2xx. */
  post(url: string, body: unknown, as?: TestUser): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface Created {
  id: number;
  /** A valid body for the entity's update routes (`{ id, data: body }` in tRPC, the JSON body in REST). */
  body?: Record<string, unknown>;
}

export interface EntityFactory {
  /** Creates one row of the entity in env.branch through the module's own API or service. */
  create(env: FactoryEnv): Promise<Created>;
  /** tRPC inputs (without id) of routes whose input is not `{ id, data: body }`, by endpoint name. */
  inputs?: Record<string, unknown>;
  /**
   * Routes whose own-branch control is read by the owner working in branch B instead of the branch's manager: a
   * user's own data that only the user and top-level users read (a user's sessions, issue 30).
   */
  controlAsOwner?: string[];
}

/** One module's factories, by entity name (EntityDef.name). */
export type ModuleFactories = Record<string, EntityFactory>;
