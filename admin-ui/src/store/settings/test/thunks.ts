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

	it( 'keeps the edits and shows each refused field; a later attempt drops the old error notice', async () => {
		answerRoutes( mockedFetch, {
			'GET /mvs/v1/settings': screen( { report_threshold: 3 } ),
			'PUT /mvs/v1/settings': {
				status: 400,
				body: {
					code: 'rest_invalid_param',
					message: 'Invalid parameter(s): report_threshold',
					data: {
						status: 400,
						params: { report_threshold: 'At most 100.' },
					},
				},
			},
		} );
		const registry = freshRegistry( store );
		await registry.resolveSelect( store ).getScreen();
		registry.dispatch( store ).edit( 'report_threshold', 500 );
		await registry.dispatch( store ).save();
		await registry.dispatch( store ).save();
		expect( registry.select( store ).getError( 'report_threshold' ) ).toBe(
			'At most 100.'
		);
		expect( registry.select( store ).getValue( 'report_threshold' ) ).toBe(
			500
		);
		expect( registry.select( store ).isSaving() ).toBe( false );
		expect( noticesOf( registry, NOTICE_CONTEXT ) ).toEqual( [
			'error: Invalid parameter(s): report_threshold',
		] );
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
