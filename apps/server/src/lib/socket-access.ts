/** What the socket hub (plugins/socket.ts) and the realtime module agree on; the module supplies the access. */

/** What the hub needs from the database, in batches (the sweep checks every socket at once). */
export interface SocketAccess {
  liveSessions(sessionIds: string[]): Promise<Set<string>>;
  companyReaders(companyId: string, userIds: string[]): Promise<Set<string>>;
}

export interface SocketGrant {
  userId: string;
  sessionId: string;
  /** The company of the Host the socket was opened on; its channel is the only company channel it may join. */
  companyId: string | null;
  /**
   * Whether the socket is a tab of the user's presence in that company: a member's. A visiting super
   * admin reads the company's channel but is no one there, so his tabs never show him online.
   */
  present: boolean;
}
