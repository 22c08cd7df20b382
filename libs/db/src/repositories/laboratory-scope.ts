/** Whose data a read or write may touch (CONVENTIONS 4). Super admins cross laboratories explicitly. */
export interface LaboratoryScope {
  laboratoryId: string | null;
  crossLaboratory: boolean;
}

export function scopeCondition(
  scope: LaboratoryScope,
  column: string,
  nextParam: number,
): { sql: string; params: unknown[] } {
  if (scope.crossLaboratory) return { sql: 'TRUE', params: [] };
  return { sql: `${column} = $${nextParam}`, params: [scope.laboratoryId] };
}
