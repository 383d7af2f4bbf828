import { type ClientMessage, REALTIME_PATH, type ServerMessage } from '../../shared/realtime.ts';

export interface TopicHandlers {
  onEvent: (event: string, data: unknown, seq: number) => void;
  /** The server could not replay what was missed: reload the state this topic feeds. */
  onReset?: () => void;
  onError?: (message: string) => void;
  /** The server confirmed the subscription (also after each reconnect). */
  onSubscribed?: () => void;
  /** This socket may no longer follow the topic (who may see it changed): nothing more comes. */
  onRevoked?: () => void;
}

interface TopicState {
  handlers: Set<TopicHandlers>;
  /** Last seq delivered; resubscribing "after" it after a reconnect gives no gap and no duplicate. */
  lastSeq: number | null;
}

export type ConnectionState = 'connecting' | 'open' | 'offline';

/**
 * One WebSocket per page, shared by every screen that follows a topic. It reconnects with
 * back-off and resumes each topic from the last event it delivered.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private readonly topics = new Map<string, TopicState>();
  private attempt = 0;
  /** A customer token went first: the server's initial "anonymous" ready is not the last word. */
  private authSent = false;
  private serverErrorListeners = new Set<(code: string) => void>();
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private stateListeners = new Set<(state: ConnectionState) => void>();
  state: ConnectionState = 'offline';

  /**
   * `getAuth` gives the socket's first message: a customer's token, a lobby screen's key
   * (features/lobby-screen), or null for staff, who are known by their cookie.
   */
  constructor(private readonly getAuth: () => Promise<ClientMessage | null>) {}

  /** Follows `topic` from `after` (the seq of the data already shown) or from now when null. */
  subscribe(topic: string, after: number | null, handlers: TopicHandlers): () => void {
    let state = this.topics.get(topic);
    if (!state) {
      state = { handlers: new Set(), lastSeq: after };
      this.topics.set(topic, state);
      this.sendSubscribe(topic, state);
    }
    state.handlers.add(handlers);
    this.ensureConnected();
    return () => {
      const current = this.topics.get(topic);
      if (!current) return;
      current.handlers.delete(handlers);
      if (current.handlers.size === 0) {
        this.topics.delete(topic);
        this.send({ type: 'unsubscribe', topic });
      }
    };
  }

  /** An error the server sent about the socket itself, not a topic (a lobby screen's key refused). */
  onServerError(listener: (code: string) => void): () => void {
    this.serverErrorListeners.add(listener);
    return () => this.serverErrorListeners.delete(listener);
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Used by tests and by pages that want to drop the connection (sign-out). */
  close(): void {
    clearTimeout(this.reconnectTimer);
    this.topics.clear();
    this.socket?.close();
    this.socket = null;
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }

  private ensureConnected(): void {
    if (this.socket || this.reconnectTimer || this.state === 'connecting') return;
    void this.connect();
  }

  private async connect(): Promise<void> {
    this.reconnectTimer = undefined;
    this.setState('connecting');
    // The token is read before opening, so the auth message is the socket's very first.
    const auth = await this.getAuth().catch(() => null);
    this.authSent = auth !== null;
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${protocol}//${window.location.host}${REALTIME_PATH}`);
    this.socket = socket;
    socket.onopen = () => {
      if (auth) socket.send(JSON.stringify(auth));
    };
    socket.onmessage = (event) => this.handle(JSON.parse(String(event.data)) as ServerMessage);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setState('offline');
      if (this.topics.size === 0) return;
      const delay = Math.min(500 * 2 ** this.attempt, 15_000) * (0.75 + Math.random() / 2);
      this.attempt += 1;
      this.reconnectTimer = setTimeout(() => void this.connect(), delay);
    };
  }

  private resubscribeAll(): void {
    for (const [topic, state] of this.topics) this.sendSubscribe(topic, state);
  }

  private sendSubscribe(topic: string, state: TopicState): void {
    this.send({ type: 'subscribe', topic, after: state.lastSeq });
  }

  private send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private handle(message: ServerMessage): void {
    switch (message.type) {
      case 'ready':
        // Staff are known from the cookie at once; customers after their auth message.
        if (message.principal === 'anonymous' && this.authSent) return;
        this.attempt = 0;
        this.setState('open');
        this.resubscribeAll();
        return;
      case 'subscribed': {
        const state = this.topics.get(message.topic);
        if (!state) return;
        if (state.lastSeq === null) state.lastSeq = message.seq;
        for (const handlers of state.handlers) handlers.onSubscribed?.();
        return;
      }
      case 'event': {
        const state = this.topics.get(message.topic);
        if (!state || (state.lastSeq !== null && message.seq <= state.lastSeq)) return;
        state.lastSeq = message.seq;
        for (const handlers of state.handlers) handlers.onEvent(message.event, message.data, message.seq);
        return;
      }
      case 'reset': {
        const state = this.topics.get(message.topic);
        if (!state) return;
        state.lastSeq = message.seq;
        for (const handlers of state.handlers) handlers.onReset?.();
        return;
      }
      case 'unsubscribed': {
        const state = this.topics.get(message.topic);
        // Not asked for again on reconnect: it would be refused.
        this.topics.delete(message.topic);
        for (const handlers of state?.handlers ?? []) handlers.onRevoked?.();
        return;
      }
      case 'error': {
        if (!message.topic) {
          for (const listener of this.serverErrorListeners) listener(message.code);
          return;
        }
        for (const handlers of this.topics.get(message.topic)?.handlers ?? [])
          handlers.onError?.(message.message);
        return;
      }
      case 'pong':
        return;
    }
  }
}
