/** A refusal of the admin-users function: its Portuguese message, code and (for a delete) what keeps the account. */
export class AdminUsersError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly dependencies: readonly { table: string; rows: number }[] = [],
  ) {
    super(message);
    this.name = 'AdminUsersError';
  }
}
