/**
 * Native-app config and interest onboarding routes (spec section "Native app and interests").
 */
import { auth, resource, t } from '../../dsl/index.js';

export const app = resource({
	name: 'app',
	summary: 'Public configuration and interest chips for native clients.',
	typedArgs: true,
	groups: [
		{
			name: 'app_config',
			summary: 'The configuration a native client reads at start: appearance, feature toggles (docs/native-app.md).',
			service: 'MVS_App_Config_Service',
			routes: [
				{
					name: 'get_app_config',
					method: 'GET',
					path: '/app/config',
					summary: 'Public app configuration and feature toggles.',
					auth: auth.public(),
					response: { schema: 'AppConfig' },
					since: '1.9.0',
					implemented: true,
				},
			],
		},
		{
			name: 'app_interests',
			summary: 'The interest chips of the onboarding picker, cached (docs/native-app.md).',
			service: 'MVS_App_Interests_Service',
			routes: [
				{
					name: 'list_app_interests',
					method: 'GET',
					path: '/app/interests',
					summary: 'The top 40 categories by usage, each with a cover thumbnail.',
					auth: auth.public(),
					response: { schema: 'list:InterestChip' },
					since: '1.9.0',
					implemented: true,
				},
			],
		},
	],
});

export const interests = resource({
	name: 'interests',
	summary: "The caller's interests and onboarding flag.",
	service: 'MVS_Member_Interests_Service',
	typedArgs: true,
	routes: [
		{
			name: 'get_my_interests',
			method: 'GET',
			path: '/me/interests',
			summary: "The caller's interests.",
			auth: auth.user(),
			response: { schema: 'InterestIds' },
			since: '1.9.0',
			implemented: true,
		},
		{
			name: 'set_my_interests',
			method: 'POST',
			path: '/me/interests',
			summary: "Save the caller's interests and mark them onboarded.",
			auth: auth.user(),
			body: {
				interest_ids: t.ids().max(40).required().describe('Category IDs, at most 40 (the picker offers 40); unknown IDs are silently dropped.'),
			},
			response: { schema: 'InterestIds' },
			since: '1.9.0',
			implemented: true,
		},
		{
			name: 'complete_onboarding',
			method: 'POST',
			path: '/me/onboarding/complete',
			summary: 'Mark the caller onboarded (idempotent).',
			auth: auth.user(),
			response: { schema: 'Onboarded' },
			since: '1.9.0',
			implemented: true,
		},
	],
});
