// The two resources of the Messaging Service API v1 (spec §2), as TypeScript sees them.
// The JSON Schemas in schemas/ are the authority a response is checked against; these types are
// what a response is known to look like once it has passed that check.

/** An integer in the server's own unit (spec §2: "the unit of the timestamps: not shown"). */
export type Timestamp = number;

export interface Contact {
  username: string;
  // §2.2: "Other fields of the contact object: not shown."
  [field: string]: unknown;
}

export interface Conversation {
  id: string;
  contact_id: string | null;
  group_id: string | null;
  pinned_message_id: string | null;
  is_pinned: boolean;
  is_muted: boolean;
  last_active_at: Timestamp | null;
  last_opened_at: Timestamp | null;
  created_at: Timestamp;
  archived_at: Timestamp | null;
}

export interface Group {
  id: string;
  name: string;
  description: string | null;
  avatar_url: string | null;
  conversation_id: string;
  contacts: Contact[];
  created_at: Timestamp;
  archived_at: Timestamp | null;
}

export interface ListEnvelope<T> {
  has_more: boolean;
  data: T[];
}

export interface ConversationListParams {
  limit?: number;
  muted?: boolean;
  archived?: boolean;
  pinned?: boolean;
  group_id?: string;
}

export interface GroupListParams {
  limit?: number;
  archived?: boolean;
}

export interface ConversationCreateParams {
  contact_id?: string;
  group_id?: string;
}

export interface ConversationUpdateParams {
  pinned_message_id?: string;
  is_pinned?: boolean;
  is_muted?: boolean;
  archived_at?: Timestamp;
}

export interface GroupCreateParams {
  name: string;
  description?: string;
  avatar_url?: string;
  contacts?: Array<{ username: string }>;
}

export interface GroupUpdateParams {
  name?: string;
  description?: string;
  avatar_url?: string;
  contacts?: Array<{ username: string }>;
  archived_at?: Timestamp;
}
