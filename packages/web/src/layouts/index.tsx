import type { ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LayoutName } from '../app/route-types';
import { lazyPage } from '../app/lazy';

/**
 * Layouts load on demand (issue 10): the login page needs none of them, and each pulls its menus, the drawer
 * (Radix) and the modules' slots. The tRPC client and the tooltip provider come with the layout, for the same
 * reason: every page that uses them renders inside a layout.
 */
function lazyLayout(load: () => Promise<{ default: ComponentType }>): ComponentType {
  return lazyPage(async () => {
    const [layout, tooltip, trpc] = await Promise.all([
      load(),
      import('../components/ui/tooltip'),
      import('../lib/trpc'),
    ]);
    const Layout = layout.default;
    const { TooltipProvider } = tooltip;
    const { TRPCProvider, appTrpcClient } = trpc;
    return {
      default: function LayoutWithProviders() {
        const queryClient = useQueryClient();
        return (
          <TRPCProvider trpcClient={appTrpcClient()} queryClient={queryClient}>
            <TooltipProvider delayDuration={300}>
              <Layout />
            </TooltipProvider>
          </TRPCProvider>
        );
      },
    };
  });
}

export const LAYOUTS: Record<LayoutName, ComponentType> = {
  clinic: lazyLayout(() => import('./ClinicLayout')),
  finance: lazyLayout(() => import('./FinanceLayout')),
  paket: lazyLayout(() => import('./PaketLayout')),
  attendance: lazyLayout(() => import('./AttendanceLayout')),
  backoffice: lazyLayout(() => import('./BackofficeLayout')),
  admin: lazyLayout(() => import('./AdminLayout')),
  screen: lazyLayout(() => import('./ScreenLayout')),
};
