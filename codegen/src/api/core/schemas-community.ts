/**
 * Extra response schemas for the community routes (albums, engagement, users,
 * messaging, account...).
 *
 * Deliberately empty for now: every response shape the contract spells out
 * key by key is already in ./schemas.ts (AppConfig, InterestChip, InterestIds,
 * SuggestedUser, Nonce, Count, UploadResult, Onboarded, Deleted...). The other
 * community responses (album, collection, comment, notification, conversation,
 * message, rule and grant records; reaction summary; public profile; follower
 * lists; moderation counts; deletion request) are "not shown" or described
 * without key names, so their routes carry `response: { note }` instead.
 */
import type { SchemaSpec } from '../../dsl/index.js';

export const communitySchemas: readonly SchemaSpec[] = [];
