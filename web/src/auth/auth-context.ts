import { createContext, useContext } from 'react';
import type { AuthSession } from './auth-service';

export const AuthContext = createContext<AuthSession | null>(null);

export function useAuthSession(): AuthSession {
  const session = useContext(AuthContext);
  if (!session) throw new Error('useAuthSession outside AuthContext');
  return session;
}
