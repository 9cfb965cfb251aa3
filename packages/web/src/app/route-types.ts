import type { ComponentType, LazyExoticComponent } from 'react';
import type { GuardName } from '@klinik/shared';

/** The frames a page can live in (packages/web/src/layouts). */
export type LayoutName = 'clinic' | 'finance' | 'paket' | 'attendance' | 'backoffice' | 'admin' | 'screen';
/** 'screen': a full-screen page without the clinic chrome (the waiting-room queue display). */
export const LAYOUT_NAMES: LayoutName[] = ['clinic', 'finance', 'paket', 'attendance', 'backoffice', 'admin', 'screen'];

/**
 * Who may open a route: a guard of spec 6 (GUARDS in @klinik/shared), 'backoffice' (any non-empty roletoplevel),
 * or 'none' (any signed-in user; the server still checks every call).
 */
export type RouteGuard = GuardName | 'backoffice' | 'none';

export type PageComponent = LazyExoticComponent<ComponentType> | ComponentType;

export interface RouteSpec {
  /** react-router path; `:id` for parameters; no trailing slash. */
  path: string;
  /** Indonesian page title (document title and navigation). */
  title: string;
  layout: LayoutName;
  guard: RouteGuard;
  /** Built page; when absent (and no module provides one) the route is planned. */
  page?: PageComponent;
}

export interface AppRoute extends RouteSpec {
  /** True when no page exists yet: the route shows 'Halaman ini belum tersedia' inside its layout. */
  planned: boolean;
}

/**
 * What a module folder exports from `src/modules/<name>/routes.tsx` (found automatically):
 * `export const pages: ModulePages = { '/finance/periode': lazy(() => import('./pages/PeriodePage')) }`.
 * Keys must be paths of the registry; `extra` adds routes the spec does not list (detail pages and such).
 */
export type ModulePages = Record<string, PageComponent>;
