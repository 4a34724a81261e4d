/** Real-time message types: what the server tells open tabs (protocol: docs/decisions/004-realtime.md). */
export const MESSAGE_TYPES = [
  'user_logged_out',
  'user_profile_updated',
  'membership_updated',
  'company_updated',
  'listing_changed',
  'join_request_created',
  'join_request_responded',
  'invitation_updated',
  /** A member's presence changed (company channel): `{ userUuid, status }`. */
  'presence_changed',
  /** A visitor sent this user a message from a company page (user channel): `{ message }`. */
  'page_message',
  /** The forgotten clock-out job closed one of the person's entries: it awaits their review. */
  'attendance_auto_closed',
  'time_off_changed',
  // Passed through for the other products of the platform.
  'chat_message',
  'chat_message_updated',
  'chat_message_removed',
  'conversation_user_joined_chat',
  'chat_request_responded',
  'case_closed',
  'case_archived',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface RealtimeMessage {
  type: MessageType;
  [key: string]: unknown;
}

const MESSAGE_TYPE_SET: ReadonlySet<string> = new Set(MESSAGE_TYPES);
export const isMessageType = (value: unknown): value is MessageType =>
  typeof value === 'string' && MESSAGE_TYPE_SET.has(value);

export const userChannel = (userUuid: string) => `/user/${userUuid}/message`;
export const companyChannel = (companyUuid: string) => `/company/${companyUuid}/events`;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const USER_CHANNEL = new RegExp(`^/user/(${UUID})/message$`);
const COMPANY_CHANNEL = new RegExp(`^/company/(${UUID})/events$`);

/** What a channel name addresses; null for a name that is no channel at all. */
export function parseChannel(channel: string): { kind: 'user' | 'company'; uuid: string } | null {
  const user = USER_CHANNEL.exec(channel);
  if (user) return { kind: 'user', uuid: user[1]! };
  const company = COMPANY_CHANNEL.exec(channel);
  if (company) return { kind: 'company', uuid: company[1]! };
  return null;
}

// ---- Socket protocol (docs/decisions/004-realtime.md) ----

/** The socket endpoint; the SPA adds `?basename=/admin&ticket=…`. */
export const REALTIME_PATH = '/api/realtime';
/** Largest client frame the server reads; bigger ones close the socket with 1009. */
export const REALTIME_MAX_PAYLOAD_BYTES = 16 * 1024;
/** Channels one socket may hold, its own user channel included. */
export const REALTIME_MAX_SUBSCRIPTIONS = 20;
/** Sockets one session may hold in one server process (tabs of one browser on one Host); the oldest goes first. */
export const REALTIME_MAX_SOCKETS_PER_SESSION = 10;
/** Lifetime of a socket ticket. */
export const REALTIME_TICKET_TTL_SECONDS = 30;

/** Frames a client sends. */
export type ClientFrame =
  | { type: 'subscribe'; channel: string }
  | { type: 'unsubscribe'; channel: string }
  | { type: 'ping' }
  /** The tab's user is active again, or has been idle for a while (presence: away when every tab is idle). */
  | { type: 'activity'; active: boolean };

/** Error codes carried by `{type:'error'}` frames. */
export const REALTIME_ERRORS = [
  'BAD_FRAME',
  'UNKNOWN_TYPE',
  'UNKNOWN_CHANNEL',
  'FORBIDDEN_CHANNEL',
  'TOO_MANY_SUBSCRIPTIONS',
  'UNAVAILABLE',
] as const;
export type RealtimeErrorCode = (typeof REALTIME_ERRORS)[number];

/** Frames the server sends: protocol frames, or a bus message with the channel it came on. */
export type ServerFrame =
  /**
   * The channel is held: messages published from now on arrive. `lastEventAt` is when the last
   * message before that was published on it (server clock, ms; null: none known), `now` the server's
   * clock as it answered, so a tab can tell whether what it read before may have missed a change.
   */
  | { type: 'subscribed'; channel: string; lastEventAt?: number | null; now?: number }
  | { type: 'unsubscribed'; channel: string; reason?: RealtimeErrorCode }
  | { type: 'pong' }
  | { type: 'error'; code: RealtimeErrorCode; message: string; channel?: string }
  | (RealtimeMessage & { channel: string });

/** Close codes the server uses; a client reconnects on all but SESSION_ENDED and the policy ones. */
export const CLOSE_CODES = {
  /** Binary frames are not part of the protocol. */
  UNSUPPORTED_DATA: 1003,
  /** Too many bad frames, or too many frames too fast. */
  POLICY_VIOLATION: 1008,
  /** A frame above REALTIME_MAX_PAYLOAD_BYTES. */
  MESSAGE_TOO_BIG: 1009,
  /** The process is shutting down: reconnect (the load balancer picks another process). */
  SERVER_RESTARTING: 1012,
  /** The session was revoked or ended: do not reconnect, sign out. */
  SESSION_ENDED: 4001,
  /** The client did not read its messages fast enough. */
  TOO_SLOW: 4008,
  /** The session opened more sockets than allowed and this, its oldest, was closed: do not reconnect. */
  REPLACED: 4009,
} as const;
