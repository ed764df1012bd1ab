/**
 * Authentication helpers and account routes (spec section "Auth and account").
 */
import { auth, resource, schema, t, type SchemaSpec } from '../../dsl/index.js';

/**
 * GET /auth/nonce, a resource of its own: the sign-in route beside it has not
 * shipped, and the harness's fresh-user tool stands in for it until then.
 */
export const nonce = resource({
	name: 'nonce',
	summary: 'A fresh wp_rest nonce for a cookie-signed-in browser (docs/native-app.md).',
	service: 'MVS_Rest_Nonce_Service',
	typedArgs: true,
	routes: [
		{
			name: 'get_rest_nonce',
			method: 'GET',
			path: '/auth/nonce',
			summary: 'A fresh wp_rest nonce for cookie-authenticated clients.',
			auth: auth.user(),
			response: { schema: 'Nonce' },
			since: '1.0.0',
			implemented: true,
		},
	],
});

/** Exported as `authentication` so it does not shadow the DSL's `auth` builder. */
export const authentication = resource({
	name: 'auth',
	summary: 'Sign-in of native clients: an application password for a user name or e-mail and password (docs/sign-in.md).',
	service: 'MVS_App_Password_Service',
	typedArgs: true,
	routes: [
		{
			name: 'create_app_password',
			method: 'POST',
			path: '/auth/app-password',
			summary:
				'Sign in and issue an application password, shown this once. Guards in order: flood control, the site switch, TLS, the per-user-name limit, one answer for any wrong name, e-mail or password, then suspension and two-factor (docs/sign-in.md).',
			auth: auth.public(),
			// Per address (and 25 per address for signed-in callers); the handler adds 5 a minute per user name.
			rateLimit: 5,
			body: {
				username: t.string().required().max(200).describe('User name or e-mail address.'),
				password: t.string().sanitize('schema').required().max(4096).describe('Not text-sanitized, so it is checked as typed.'),
				app_name: t.string().max(100).describe('Name the member sees in their profile\'s application passwords; "Mobile app" when absent.'),
				app_id: t
					.string()
					.max(100)
					.describe('One id per installation (a UUID the app makes once): a repeat sign-in with the same id replaces that credential.'),
			},
			response: { status: 201, schema: 'AppPassword', headers: { 'Cache-Control': '`no-store`: the answer holds a credential.' } },
			errors: ['mvs_app_login_disabled', 'mvs_tls_required', 'mvs_rate_limited', 'mvs_invalid_credentials', 'mvs_account_suspended', 'mvs_two_factor_required', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
	],
});

/** Response shapes of the account routes (docs/account-erasure.md). */
export const accountSchemas: readonly SchemaSpec[] = [
	schema('DeletionRequest', "The caller's account-deletion request: none, pending (cancellable) or executing.", {
		status: t.enum('none', 'pending', 'executing').required().describe('none: no request; pending: in the grace period, cancellable; executing: the deletion has begun.'),
		requested_at: t.datetime().nullable().required().describe('UTC; null when there is no request.'),
		scheduled_at: t.datetime().nullable().required().describe('When the deletion runs (UTC; at the next WP-Cron run once passed); null when there is no request.'),
	}),
	schema('LedgerEntry', 'One entry of the usage ledger: upload credits consumed or granted.', {
		id: t.int().required(),
		entry_type: t.enum('consumed', 'granted').required(),
		amount: t.int().required().describe('Credits: negative when consumed, positive when granted.'),
		credit_type: t.string().nullable().required().describe('What the credit pays for (Pro: image, video, audio); null when the source has no types.'),
		reference: t.string().nullable().required().describe('What the entry is about, e.g. media:42.'),
		note: t.string().required(),
		created_at: t.datetime().required().describe('UTC.'),
	}),
];

export const account = resource({
	name: 'account',
	summary: 'Member-initiated account deletion and the usage ledger.',
	service: 'MVS_Account_Service',
	typedArgs: true,
	routes: [
		{
			name: 'delete_my_account',
			method: 'DELETE',
			path: '/me',
			summary: "Request deletion of the caller's account after the grace period; a repeat while one is pending answers it unchanged.",
			auth: auth.user(),
			body: {
				confirm: t.enum('DELETE').required().describe('The literal DELETE.'),
				password: t.string().sanitize('schema').max(4096).describe('Required unless turned off (setting deletion_password_required, filter mvs_account_deletion_password_required).'),
			},
			response: { schema: 'DeletionRequest' },
			errors: ['mvs_forbidden', 'mvs_incorrect_password', 'mvs_storage_failed'],
			// Each call may check a password: few tries, like a sign-in.
			rateLimit: 5,
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'get_my_deletion_request',
			method: 'GET',
			path: '/me/deletion',
			summary: 'The pending deletion request and its scheduled time (status none when there is none).',
			auth: auth.user(),
			response: { schema: 'DeletionRequest' },
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'cancel_my_deletion_request',
			method: 'DELETE',
			path: '/me/deletion',
			summary: 'Cancel a pending deletion during the grace period; idempotent (status none).',
			auth: auth.user(),
			response: { schema: 'DeletionRequest' },
			errors: ['mvs_deletion_in_progress'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'list_my_transactions',
			method: 'GET',
			path: '/me/transactions',
			summary: 'Upload credits consumed and granted, newest first (empty without an extension that keeps credits, e.g. Pro).',
			auth: auth.user(),
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { schema: 'list:LedgerEntry' },
			since: '1.0.0',
			implemented: true,
		},
	],
});
