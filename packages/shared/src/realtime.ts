/** Real-time message types (PRODUCT.md §7, spec §3). */
export const MESSAGE_TYPES = [
  'user_logged_out',
  'user_profile_updated',
  'membership_updated',
  'company_updated',
  'listing_changed',
  'join_request_created',
  'join_request_responded',
  'invitation_updated',
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

export const userChannel = (userUuid: string) => `/user/${userUuid}/message`;
export const companyChannel = (companyUuid: string) => `/company/${companyUuid}/events`;
