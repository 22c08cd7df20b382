/** How a person is named in the run's trail (interpreted by, submitted by ...): "First Last", else the login. */
export function personName(person: { firstname: string; lastname: string; login: string }): string {
  return `${person.firstname} ${person.lastname}`.trim() || person.login;
}
