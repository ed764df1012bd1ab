/**
 * Response schemas of direct messaging. The contract shows no keys for
 * conversation and message records; docs/messaging.md explains each choice.
 */
import { schema, t, type SchemaSpec } from '../../dsl/index.js';
import { removedFlag } from './schemas.js';

const messageFields = {
	id: t.int().required(),
	conversation_id: t.int().required(),
	sender_id: t.int().required(),
	content: t.string().required().describe('As sent (plain text; escape on output); empty for a media-only message.'),
	message_type: t.enum('text', 'media').required(),
	media_id: t.int().nullable().required().describe('A shared media item, or null.'),
	attachment_id: t.int().nullable().required().describe('An attachment from POST /messages/upload, or null.'),
	attachment_url: t.url().nullable().required().describe("A signed /serve URL of the attachment for the caller, or null."),
	parent_id: t.int().nullable().required().describe('The message this replies to, or null.'),
	metadata: t.json().required().describe('The object sent with the message; {} when none.'),
	reactions: t
		.array(t.object({ user_id: t.int().required(), emoji: t.string().required() }))
		.required()
		.describe('One emoji per participant at most.'),
	is_mine: t.bool().required().describe('Whether the caller sent it.'),
	created_at: t.datetime().required(),
};

const messageReactionFields = {
	message_id: t.int().required(),
	reactions: messageFields.reactions,
	my_emoji: t.string().nullable().required().describe("The caller's emoji, or null."),
};

export const messagingSchemas: readonly SchemaSpec[] = [
	schema('MessagePreview', 'The last message of a conversation, as the inbox shows it.', {
		id: t.int().required(),
		sender_id: t.int().required(),
		excerpt: t.string().required().describe('The first 100 characters of the content; empty for a media-only message.'),
		message_type: t.enum('text', 'media').required(),
		created_at: t.datetime().required(),
	}),
	schema('Conversation', 'A conversation as the caller sees it (their own state, preferences and unread count).', {
		id: t.int().required(),
		status: t.enum('active', 'request').required().describe("The caller's side: request while the caller has not accepted a message request."),
		is_request_sender: t.bool().required().describe('Whether the caller started it as a request the other member has not accepted yet.'),
		other_user: t.ref('UserCard').describe('The other participant; absent once their account is gone.'),
		participants: t.array(t.ref('UserCard')).required().describe('Both participants, the caller first.'),
		last_message: t.ref('MessagePreview').describe('The newest message the caller may see; absent when there is none.'),
		unread_count: t.int().required().describe("Messages from the other participant since the caller's last read."),
		is_muted: t.bool().required(),
		is_pinned: t.bool().required(),
		is_archived: t.bool().required(),
		created_at: t.datetime().required(),
	}),
	schema('ConversationDeclined', 'Outcome of declining a message request.', {
		id: t.int().required(),
		status: t.enum('declined').required(),
	}),
	schema('ConversationRead', 'Outcome of marking a conversation read.', {
		id: t.int().required(),
		unread_total: t.int().required().describe("The caller's unread messages left over all conversations."),
	}),
	schema('Message', 'A message as the caller sees it.', messageFields),
	schema('MessageReactions', 'The reactions of a message after POST /messages/{id}/reactions.', messageReactionFields),
	schema('MessageReactionRemoved', 'The reactions of a message after DELETE /messages/{id}/reactions, and whether it removed one.', {
		...messageReactionFields,
		deleted: removedFlag,
	}),
	schema('ConversationMedia', 'A file shared in a conversation: a media item or an attachment, with the message that carried it.', {
		message_id: t.int().required(),
		sender_id: t.int().required(),
		kind: t.enum('media', 'attachment').required().describe('media: a media item shared with media_id; attachment: a file from POST /messages/upload.'),
		media_id: t.int().nullable().required().describe('The shared media item, or null.'),
		attachment_id: t.int().nullable().required().describe('The attachment, or null.'),
		media_type: t.string().required().describe('image, video, audio or document.'),
		mime_type: t.string().required(),
		url: t.url().required().describe('A signed /serve URL for the caller.'),
		created_at: t.datetime().required().describe('When the message was sent.'),
	}),
	schema('MessageTyping', 'A participant typing in a conversation (a typing event of the last few seconds).', {
		conversation_id: t.int().required(),
		user_id: t.int().required(),
	}),
	schema('MessagePoll', 'Answer of GET /messages/poll: what arrived for the caller, or nothing at the timeout.', {
		messages: t.array(t.ref('Message')).required().describe('Messages with an ID above since the caller may see, oldest first (at most 100).'),
		typing: t.array(t.ref('MessageTyping')).required().describe('Who is typing to the caller now.'),
		last_id: t.int().required().describe('The since of the next poll: the newest message ID answered, or since itself.'),
		timed_out: t.bool().required().describe('Whether the poll answered because its time ran out.'),
	}),
	schema('TypingSent', 'Outcome of POST /conversations/{id}/typing: the event was fired (nothing stored).', {
		conversation_id: t.int().required(),
		typing: t.bool().required(),
	}),
];
