import type * as React from 'react';
import { UserAvatar } from './ui/avatar';

/** A person's cell in a list of accounts or patients: the avatar, the name, and what the list adds below it. */
export function UserNameCell({
  user,
  nameTestId,
  children,
}: {
  user: { name: string; avatarurl?: string | null; initial?: string | null };
  nameTestId?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <UserAvatar name={user.name} src={user.avatarurl} initial={user.initial} className="size-8" />
      <div className="min-w-0">
        <div className="truncate font-medium" data-testid={nameTestId}>
          {user.name}
        </div>
        {children}
      </div>
    </div>
  );
}
