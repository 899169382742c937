import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * What one connection may hold of the host's memory and of its connection slots. Node's HTTP server
 * parses every pipelined request of a chunk at once and runs them all, queueing their answers in memory
 * until the client reads: twenty 1 MB answers on each of a few hundred sockets that never read exhaust
 * the heap. And keep-alive connections that sit idle hold their slots until their timeout, so a few
 * thousand of them lock every other client out. Here:
 *
 * - a connection's requests run one at a time: the next pipelined request starts only once the answer
 *   before it has gone to the operating system, and the socket is not read while requests wait;
 * - at most `MAX_WAITING_REQUESTS` may wait; past them the connection is answered up to there and closed;
 * - an answer the client does not read (no byte taken for `unreadAnswerTimeoutMs`) drops the connection;
 * - at the connection cap, the connection idle the longest (no request running) is closed to make room
 *   for the newcomer; only when every connection is busy is the newcomer refused.
 */

/** Pipelined requests that may wait behind the running one; more in one burst close the connection. */
export const MAX_WAITING_REQUESTS = 32;

export interface ConnectionLimits {
  /** Open connections at most; at the cap the idlest connection gives way, or the newcomer is refused. */
  maxConnections: number;
  /** How long an answer may sit unread (the client taking none of its bytes) before the client is dropped. */
  unreadAnswerTimeoutMs: number;
}

interface ConnectionState {
  /** A request of this connection is running or its answer is still being handed to the OS. */
  busy: boolean;
  waiting: [IncomingMessage, ServerResponse][];
  /** More requests were pipelined than may wait: answer the waiting ones, then close. */
  overflowed: boolean;
  unreadTimer?: NodeJS.Timeout | undefined;
}

/** Node's own flow-control fields of a server socket (it pauses reading on back-pressure with them). */
type ServerSocket = Socket & {
  _paused?: boolean;
  parser?: { resume?: () => void } | null;
};

export class ConnectionBounds {
  private readonly states = new WeakMap<Socket, ConnectionState>();
  /** Open connections with no request running, the longest idle first (a Set keeps insertion order). */
  private readonly idle = new Set<Socket>();
  /** Connections counted against the cap (an evicted one leaves it at once, before its close event). */
  private readonly counted = new WeakSet<Socket>();
  private open = 0;

  constructor(
    private readonly limits: ConnectionLimits,
    private readonly refuse: (socket: Socket) => void,
  ) {}

  /** Puts the bounds between the server and its own connection and request listeners. */
  install(server: Server): void {
    const connectionListeners = server.listeners('connection') as ((socket: Socket) => void)[];
    const requestListeners = server.listeners('request') as ((
      request: IncomingMessage,
      response: ServerResponse,
    ) => void)[];
    server.removeAllListeners('connection');
    server.removeAllListeners('request');
    server.on('connection', (socket: Socket) => {
      if (!this.admit(socket)) return;
      for (const listener of connectionListeners) listener.call(server, socket);
    });
    const dispatch = (request: IncomingMessage, response: ServerResponse) => {
      for (const listener of requestListeners) listener.call(server, request, response);
    };
    server.on('request', (request: IncomingMessage, response: ServerResponse) =>
      this.onRequest(request, response, dispatch),
    );
  }

  private admit(socket: Socket): boolean {
    if (this.open >= this.limits.maxConnections && !this.evictIdlest()) {
      this.refuse(socket);
      return false;
    }
    this.open++;
    this.counted.add(socket);
    this.states.set(socket, { busy: false, waiting: [], overflowed: false });
    this.idle.add(socket);
    socket.once('close', () => {
      if (this.counted.delete(socket)) this.open--;
      this.idle.delete(socket);
      const state = this.states.get(socket);
      if (state?.unreadTimer) clearTimeout(state.unreadTimer);
    });
    return true;
  }

  /** Closes the connection idle the longest; false when every connection is busy. */
  private evictIdlest(): boolean {
    const idlest = this.idle.values().next().value;
    if (!idlest) return false;
    this.idle.delete(idlest);
    // Its slot is free now, not when the close event comes round.
    if (this.counted.delete(idlest)) this.open--;
    idlest.destroy();
    return true;
  }

  private onRequest(
    request: IncomingMessage,
    response: ServerResponse,
    dispatch: (request: IncomingMessage, response: ServerResponse) => void,
  ): void {
    const socket = request.socket as ServerSocket;
    const state = this.states.get(socket);
    if (!state) return dispatch(request, response);
    if (!state.busy) return this.run(socket, state, request, response, dispatch);
    // Behind a running request: wait, and read no more of this connection meanwhile.
    holdReading(socket);
    if (state.waiting.length >= MAX_WAITING_REQUESTS) {
      // Left unanswered: the connection closes after the last waiting answer.
      state.overflowed = true;
      return;
    }
    state.waiting.push([request, response]);
  }

  private run(
    socket: ServerSocket,
    state: ConnectionState,
    request: IncomingMessage,
    response: ServerResponse,
    dispatch: (request: IncomingMessage, response: ServerResponse) => void,
  ): void {
    state.busy = true;
    this.idle.delete(socket);
    if (state.overflowed && state.waiting.length === 0) response.shouldKeepAlive = false;
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      if (state.unreadTimer) clearTimeout(state.unreadTimer);
      state.unreadTimer = undefined;
      state.busy = false;
      if (socket.destroyed) return;
      const next = state.waiting.shift();
      if (next) return this.run(socket, state, next[0], next[1], dispatch);
      if (state.overflowed) return;
      this.idle.add(socket);
      resumeReading(socket);
    };
    // 'finish': the whole answer was handed to the operating system; 'close': the exchange ended early.
    // Plain listeners rather than `once`: `finished` runs its work once anyway, and a response emits
    // each event once, so the wrapper `once` allocates per listener and request would buy nothing.
    response.on('finish', finished);
    response.on('close', finished);
    // 'prefinish': the answer is complete on our side; from now on only the client's reading moves it.
    response.on('prefinish', () => this.watchUnread(socket, state));
    dispatch(request, response);
  }

  /** Drops the client when its answer's unsent bytes stop going down for the whole limit. */
  private watchUnread(socket: Socket, state: ConnectionState): void {
    let unsent = socket.writableLength;
    // Nothing left unsent: the operating system has the whole answer and 'finish' follows. A client
    // that does not read can only stall an answer whose bytes are still queued here (the check below
    // never drops a connection with none), so no timer is armed for it: most answers, a timer each.
    if (unsent === 0) return;
    const check = () => {
      if (!state.busy || socket.destroyed) return;
      const now = socket.writableLength;
      if (now > 0 && now >= unsent) {
        socket.destroy();
        return;
      }
      unsent = now;
      state.unreadTimer = setTimeout(check, this.limits.unreadAnswerTimeoutMs);
      state.unreadTimer.unref();
    };
    state.unreadTimer = setTimeout(check, this.limits.unreadAnswerTimeoutMs);
    state.unreadTimer.unref();
  }
}

/** Stops reading the socket the way Node's server does on back-pressure (its parser pauses too). */
function holdReading(socket: ServerSocket): void {
  if (socket._paused) return;
  socket._paused = true;
  socket.pause();
}

function resumeReading(socket: ServerSocket): void {
  if (!socket._paused) return;
  socket._paused = false;
  socket.parser?.resume?.();
  socket.resume();
}
