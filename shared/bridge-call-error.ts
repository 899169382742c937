/**
 * An error the host reported through the bridge (Electron's IPC or the browser mode's RPC): its name
 * says what kind (`INVALID_INPUT`, `NOT_FOUND`, `FAILED`, `FORBIDDEN`), details say where.
 */
export class BridgeCallError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}
