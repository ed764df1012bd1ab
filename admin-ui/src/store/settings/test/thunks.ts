/**
 * The settings store against a mocked api-fetch: load, edits, save of the
 * edited keys only, the server's per-field messages.
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import apiFetch from '@wordpress/api-fetch';
import {
	answerRoutes,
	freshRegistry,
	noticesOf,
	type Answer,
} from '../../../testing';
import { NOTICE_CONTEXT, store } from '..';

jest.mock( '@wordpress/api-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as Parameters<
	typeof answerRoutes
>[ 0 ];

const screen = ( values: Record< string, unknown > ): Answer => ( {
	status: 200,
	body: { values, fields: [], sections: [] },
} );

describe( 'mvs/settings', () => {
	beforeEach( () => {
		mockedFetch.mockReset();
	} );

	it( 'loads the screen when first read and sends only the edited keys', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/settings': screen( {
				report_threshold: 3,
				moderation_hold: false,
			} ),
			'PUT /mvs/v1/settings': ( options ) =>
				screen( {
					report_threshold: 3,
					moderation_hold: false,
					...( options.data as { values: object } ).values,
				} ),
		} );
		const registry = freshRegistry( store );
		await registry.resolveSelect( store ).getScreen();
		expect( registry.select( store ).getValue( 'report_threshold' ) ).toBe(
			3
		);
		expect( registry.select( store ).hasEdits() ).toBe( false );

		registry.dispatch( store ).edit( 'moderation_hold', true );
		registry.dispatch( store ).edit( 'moderation_hold', false );
		expect( registry.select( store ).getEdits() ).toEqual( {
			moderation_hold: false,
		} );
		await registry.dispatch( store ).save();
		expect( sent.at( -1 ) ).toEqual( {
			request: 'PUT /mvs/v1/settings',
			data: { values: { moderation_hold: false } },
		} );
		expect( registry.select( store ).hasEdits() ).toBe( false );
		expect( noticesOf( registry, NOTICE_CONTEXT ) ).toEqual( [
			'success: Settings saved.',
		] );
	} );

	it( 'keeps the edits and words each refused field by its label; a later attempt drops the old error notice', async () => {
		const threshold = {
			key: 'report_threshold',
			section: 'moderation',
			title: 'Report threshold',
			type: 'integer',
			minimum: null,
			maximum: null,
			unit: null,
			default: 3,
			applies_when: null,
		};
		answerRoutes( mockedFetch, {
			'GET /mvs/v1/settings': {
				status: 200,
				body: {
					values: { report_threshold: 3 },
					fields: [ threshold ],
					sections: [],
				},
			},
			'PUT /mvs/v1/settings': {
				status: 400,
				body: {
					code: 'rest_invalid_param',
					message: 'Invalid setting(s): report_threshold',
					data: {
						status: 400,
						params: {
							report_threshold:
								'report_threshold must be at most 100.',
						},
						details: {
							report_threshold: {
								code: 'rest_too_big',
								message:
									'report_threshold must be at most 100.',
							},
						},
					},
				},
			},
		} );
		const registry = freshRegistry( store );
		await registry.resolveSelect( store ).getScreen();
		registry.dispatch( store ).edit( 'report_threshold', 500 );
		expect( await registry.dispatch( store ).save() ).toBe( false );
		await registry.dispatch( store ).save();
		expect( registry.select( store ).getError( 'report_threshold' ) ).toBe(
			'“Report threshold” must be at most 100.'
		);
		expect( registry.select( store ).getValue( 'report_threshold' ) ).toBe(
			500
		);
		expect( registry.select( store ).isSaving() ).toBe( false );
		expect( noticesOf( registry, NOTICE_CONTEXT ) ).toEqual( [
			'error: Nothing was saved: 1 setting needs a change. Your other changes were not saved either; they are still in the form.',
		] );
	} );

	it( 'checks the edits before sending: out of range, nothing is sent; settings that do not apply are not sent', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/settings': {
				status: 200,
				body: {
					values: {
						report_threshold: 3,
						ai_provider: 'openai',
						ai_endpoint: 'https://a.example/v1',
					},
					fields: [
						{
							key: 'report_threshold',
							title: 'Report threshold',
							type: 'integer',
							minimum: 1,
							maximum: 100,
							unit: null,
							default: 3,
							applies_when: null,
						},
						{
							key: 'ai_provider',
							title: 'AI provider',
							type: 'string',
							enum: [ 'local', 'openai' ],
							minimum: null,
							maximum: null,
							unit: null,
							default: null,
							applies_when: null,
						},
						{
							key: 'ai_endpoint',
							title: 'AI endpoint',
							type: 'string',
							minimum: null,
							maximum: null,
							unit: null,
							default: null,
							applies_when: {
								key: 'ai_provider',
								values: [ 'openai' ],
							},
						},
					],
					sections: [],
				},
			},
			'PUT /mvs/v1/settings': ( options ) => ( {
				status: 200,
				body: {
					values: ( options.data as { values: object } ).values,
					fields: [],
					sections: [],
				},
			} ),
		} );
		const registry = freshRegistry( store );
		await registry.resolveSelect( store ).getScreen();
		registry.dispatch( store ).edit( 'report_threshold', 500 );
		registry
			.dispatch( store )
			.edit( 'ai_endpoint', 'https://b.example/v1' );
		registry.dispatch( store ).edit( 'ai_provider', 'local' );
		expect( await registry.dispatch( store ).save() ).toBe( false );
		expect(
			sent.filter( ( one ) => one.request.startsWith( 'PUT' ) )
		).toEqual( [] );
		expect( registry.select( store ).getError( 'report_threshold' ) ).toBe(
			'“Report threshold” must be from 1 to 100.'
		);
		registry.dispatch( store ).edit( 'report_threshold', 100 );
		expect( await registry.dispatch( store ).save() ).toBe( true );
		expect( sent.at( -1 ) ).toEqual( {
			request: 'PUT /mvs/v1/settings',
			data: { values: { report_threshold: 100, ai_provider: 'local' } },
		} );
	} );

	it( 'says why the screen could not be loaded', async () => {
		answerRoutes( mockedFetch, {
			'GET /mvs/v1/settings': {
				status: 403,
				body: {
					code: 'mvs_forbidden',
					message: 'Sorry, you are not allowed to do that.',
				},
			},
		} );
		const registry = freshRegistry( store );
		await registry.resolveSelect( store ).getScreen();
		expect( registry.select( store ).getScreen() ).toBeNull();
		expect( noticesOf( registry, NOTICE_CONTEXT ) ).toEqual( [
			'error: Sorry, you are not allowed to do that.',
		] );
	} );
} );
