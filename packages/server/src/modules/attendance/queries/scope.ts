/** The branch filter the attendance queries share (not exported from index.ts). */
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export const byBranch = (col: AnyPgColumn, branch: BranchScope): SQL => scopeSql(col, branch);
