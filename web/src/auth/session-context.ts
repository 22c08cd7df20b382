import { createContext, useContext } from 'react';
import type { Me, PublicProperties } from '../api/types';
import type { Permissions } from './permissions';

/** What the shell loads once after sign-in and every screen may read. */
export type SessionData = {
  me: Me;
  permissions: Permissions;
  publicProperties: PublicProperties | null;
};

export const SessionContext = createContext<SessionData | null>(null);

export function useSession(): SessionData {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionContext');
  return session;
}
