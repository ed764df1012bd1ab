import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';
import { store } from '../../../store/settings';
import { answerRoutes, freshRegistry, withRegistry } from '../../../testing';
import { SettingsForm } from '..';

jest.mock( '@wordpress/api-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as Parameters<
	typeof answerRoutes
>[ 0 ];

const base = {
	section: 'moderation',
	description: '',
	enum: null,
	options: null,
	minimum: null,
	maximum: null,
	secret: false,
	is_set: false,
	details: '',
	unit: null,
	default: null,
	applies_when: null,
};
const settingsScreen = {
	values: { report_threshold: 3, moderation_hold: false },
	sections: [
		{ key: 'moderation', title: 'Moderation' },
		{ key: 'empty', title: 'Nothing here' },
	],
	fields: [
		{
			...base,
			key: 'report_threshold',
			title: 'Report threshold',
			type: 'integer',
			default: 3,
		},
		{
			...base,
			key: 'moderation_hold',
			title: 'Hold uploads for moderation',
			type: 'boolean',
		},
	],
};

describe( 'SettingsForm', () => {
	beforeEach( () => {
		mockedFetch.mockReset();
	} );

	it( 'shows sections with fields, enables Save after an edit and shows the refused field’s message', async () => {
		answerRoutes( mockedFetch, {
			'GET /mvs/v1/settings': { status: 200, body: settingsScreen },
			'PUT /mvs/v1/settings': {
				status: 400,
				body: {
					code: 'rest_invalid_param',
					message: 'Invalid parameter(s): report_threshold',
					data: {
						status: 400,
						params: {
							report_threshold:
								'report_threshold must be between 1 (inclusive) and 100 (inclusive)',
						},
						details: {
							report_threshold: {
								code: 'rest_out_of_bounds',
								message: 'x',
							},
						},
					},
				},
			},
		} );
		const registry = freshRegistry( store );
		const { container } = render( <SettingsForm />, {
			wrapper: withRegistry( registry ),
		} );
		await screen.findByRole( 'heading', { name: 'Moderation' } );
		expect(
			screen.queryByRole( 'heading', { name: 'Nothing here' } )
		).toBeNull();
		const save = screen.getByRole( 'button', {
			name: 'Save settings',
		} ) as HTMLButtonElement;
		expect( save.disabled ).toBe( true );
		fireEvent.change( screen.getByLabelText( 'Report threshold' ), {
			target: { value: '500' },
		} );
		expect( save.disabled ).toBe( false );
		await act( async () => {
			fireEvent.click( save );
		} );
		const input = screen.getByRole( 'spinbutton', {
			name: 'Report threshold',
		} );
		await screen.findAllByText(
			/^Nothing was saved: 1 setting needs a change/
		);
		expect(
			container.querySelector(
				'[data-setting="report_threshold"] .mvs-settings__error'
			)?.textContent
		).toBe( '“Report threshold” is outside the allowed range.' );
		expect( input.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		expect( input.ownerDocument.activeElement ).toBe( input );
		expect(
			screen.getByRole( 'navigation', { name: 'Settings sections' } )
				.textContent
		).toBe( 'Moderation' );
	} );
} );
