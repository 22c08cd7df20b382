import type { ConfigurationActor, LaboratoryScope } from '@amplio/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { managesAllLaboratories } from '../users/user-permissions';

/** Super admins and manufacturer admins cross laboratories; everyone else sees their own. */
export function laboratoryScopeOf(user: AuthenticatedUser): LaboratoryScope {
  return { laboratoryId: user.laboratoryId, crossLaboratory: managesAllLaboratories(user) };
}

export function actorOf(user: AuthenticatedUser): ConfigurationActor {
  return { id: user.id, name: user.displayName, laboratoryId: user.laboratoryId };
}
