/**
 * Stable error codes of the core plugin: the spec's table plus the codes
 * this implementation adds where the contract says "not shown".
 */
import type { ErrorSpec } from '../../dsl/index.js';

export const coreErrors: readonly ErrorSpec[] = [
	{ code: 'mvs_invalid_type', status: 400, meaning: 'MIME type not allowed.' },
	{ code: 'mvs_file_too_large', status: 400, meaning: 'File exceeds the maximum upload size.' },
	{ code: 'mvs_blocked_extension', status: 400, meaning: 'Dangerous file extension.' },
	{ code: 'mvs_image_too_large', status: 400, meaning: 'An image whose header claims more pixels than the max_image_pixels setting (refused before decoding).' },
	{ code: 'mvs_no_file', status: 400, meaning: 'A multipart upload had no usable file.' },
	{ code: 'mvs_invalid_param', status: 400, meaning: 'A parameter is invalid in combination with others.' },
	{ code: 'mvs_display_name_empty', status: 400, meaning: 'PUT /me/profile: a display_name with nothing left once sanitized (empty, spaces, markup only).' },
	{ code: 'mvs_no_ids', status: 400, meaning: 'Bulk request had no media IDs.' },
	{ code: 'mvs_duplicate', status: 409, meaning: 'Duplicate file when duplicate_action=skip.' },
	{ code: 'mvs_term_exists', status: 409, meaning: 'A tag with this name or slug already exists.' },
	{ code: 'mvs_not_found', status: 404, meaning: 'Resource not found.' },
	{ code: 'mvs_user_not_found', status: 404, meaning: 'User not found.' },
	{ code: 'mvs_not_logged_in', status: 401, meaning: 'Authentication required.' },
	{ code: 'mvs_unauthorized', status: 401, meaning: 'Authentication required.' },
	{ code: 'mvs_community_private', status: 401, meaning: 'Private-community gate: authentication required.' },
	{ code: 'mvs_forbidden', status: 403, meaning: 'Denied by privacy or capability rules.' },
	{ code: 'mvs_messaging_off', status: 403, meaning: 'Direct messages are turned off on this site (setting dm_access is nobody); every messaging route answers it.' },
	{ code: 'mvs_signature_invalid', status: 403, meaning: 'A signed file URL whose signature does not match its parameters.' },
	{ code: 'mvs_signature_expired', status: 403, meaning: 'A signed file URL past its expiry.' },
	{
		code: 'mvs_range_not_satisfiable',
		status: 416,
		meaning: 'The requested byte range lies outside the file.',
		headers: { 'Content-Range': 'The file\'s size: `bytes */<size>`.' },
	},
	{
		code: 'mvs_rate_limited',
		status: 429,
		meaning: 'Too many requests; see the Retry-After header.',
		headers: { 'Retry-After': 'Seconds until the limit lets the caller through again.' },
	},
	{ code: 'mvs_edit_window_closed', status: 403, meaning: 'The edit window is over for the author: of a comment, or of a message to unsend (setting comment_edit_minutes).' },
	{ code: 'mvs_incorrect_password', status: 403, meaning: 'DELETE /me: the password re-entered is wrong (or missing while the site requires it).' },
	{ code: 'mvs_deletion_in_progress', status: 409, meaning: 'DELETE /me/deletion: the account deletion has begun and can no longer be cancelled.' },
	{ code: 'mvs_already_reported', status: 409, meaning: 'The caller already has an open report on this target.' },
	{ code: 'mvs_ai_budget_exceeded', status: 429, meaning: 'The monthly AI analysis budget is used up.' },
	{ code: 'mvs_ai_provider_error', status: 502, meaning: 'The AI provider failed or answered something unusable.' },
	{ code: 'mvs_storage_failed', status: 500, meaning: 'Storage driver error.' },
	{ code: 'mvs_quota_exceeded', status: 403, meaning: 'An extension (Pro\'s quotas) refused the upload: it would exceed a limit of the uploader\'s package.' },
	{ code: 'mvs_upload_refused', status: 403, meaning: 'An extension refused the upload before it was stored (mvs_pre_store_upload).' },
	{ code: 'mvs_app_login_disabled', status: 403, meaning: 'POST /auth/app-password: sign-in for apps is off on this site (setting app_password_login, filter mvs_app_password_login_enabled) or WordPress\'s application passwords are unavailable (site-wide, or for this account once the password was right).' },
	{ code: 'mvs_tls_required', status: 403, meaning: 'POST /auth/app-password: the request did not arrive over HTTPS and the site is not a local environment (docs/sign-in.md).' },
	{ code: 'mvs_invalid_credentials', status: 401, meaning: 'POST /auth/app-password: unknown user name, unknown e-mail or wrong password; one answer for all three.' },
	{ code: 'mvs_account_suspended', status: 403, meaning: 'POST /auth/app-password: the account may not sign in (filter mvs_is_member_suspended, a spam-marked account); told only after the password was right.' },
	{ code: 'mvs_two_factor_required', status: 409, meaning: 'POST /auth/app-password: the account uses two-factor authentication; the app signs in through WordPress\'s authorize-application screen instead.' },
	{ code: 'mvs_not_implemented', status: 501, meaning: 'The route is declared but its domain logic has not shipped yet.' },
];
