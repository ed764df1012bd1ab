import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { queryFromSearch } from '../../../store/moderation/url';
import { DeskFilters } from '..';

describe( 'DeskFilters', () => {
	it( 'reports each filter, the search on submit, and clears the uploader', () => {
		const onFilter = jest.fn();
		const onPerPage = jest.fn();
		render(
			<DeskFilters
				query={ queryFromSearch( '?uploader=7&s=cat' ) }
				uploaderName="Ada"
				onFilter={ onFilter }
				onPerPage={ onPerPage }
			/>
		);
		fireEvent.change( screen.getByLabelText( 'Media type' ), {
			target: { value: 'video' },
		} );
		fireEvent.change( screen.getByLabelText( 'Report reason' ), {
			target: { value: '' },
		} );
		fireEvent.change( screen.getByLabelText( 'Items per page' ), {
			target: { value: '100' },
		} );
		const search = screen.getByLabelText( 'Search titles' );
		expect( ( search as HTMLInputElement ).value ).toBe( 'cat' );
		fireEvent.change( search, { target: { value: '  dog ' } } );
		expect( onFilter ).toHaveBeenCalledTimes( 2 );
		fireEvent.click( screen.getByRole( 'button', { name: 'Search' } ) );
		expect(
			( screen.getByLabelText( 'Uploader' ) as HTMLInputElement ).value
		).toBe( 'Ada (#7)' );
		fireEvent.click( screen.getByRole( 'button', { name: 'Reset' } ) );
		expect( onFilter.mock.calls.map( ( [ f ] ) => f ) ).toEqual( [
			{ media_type: 'video' },
			{ reason: null },
			{ search: 'dog' },
			{ uploader: null },
		] );
		expect( onPerPage ).toHaveBeenCalledWith( 100 );
	} );
} );
