/**
 * A write attempted outside a transaction: a bug in the caller, never an answer to an API client. Writes
 * must be part of a unit of work (`Database.transaction`, or a request's `grouped` savepoint) so that they
 * commit, or roll back, together with the rest of it and with the in-memory state that follows them.
 */
export class OutsideTransactionError extends Error {
  override readonly name = 'OutsideTransactionError';

  constructor(what: string) {
    super(
      `${what} ran outside a transaction: wrap the caller in store.transaction(...) (a request's handler already runs in one).`,
    );
  }
}
