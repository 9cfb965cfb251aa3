import { Outlet } from 'react-router';

/** A full-screen frame without menus: a page shown on a wall screen (the waiting-room queue display). */
export default function ScreenLayout() {
  return (
    <div className="min-h-dvh bg-background text-foreground">
      <Outlet />
    </div>
  );
}
