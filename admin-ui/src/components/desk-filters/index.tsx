/**
 * The desk's filters: media type, report reason, uploader (searched by
 * name, or set from a row's "Only theirs"), title search and items per page.
 * They live in the store's query, hence in the URL.
 */
import { Button, SelectControl, TextControl } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { DeskMediaType, DeskPerPage, DeskReason } from '../../api/types';
import type {
	DeskFilters as Filters,
	QueueQuery,
} from '../../store/moderation/types';
import { MEDIA_TYPES, PER_PAGES, REASONS } from '../../store/moderation/url';
import { reasonLabel } from '../desk-reports';
import { DeskUploaderFilter } from '../desk-uploader-filter';

export interface DeskFiltersProps {
	query: QueueQuery;
	/** The filtered uploader's name when a shown row tells it. */
	uploaderName: string | null;
	onFilter: ( filters: Partial< Filters > ) => void;
	onPerPage: ( perPage: DeskPerPage ) => void;
}

function typeLabel( type: DeskMediaType ): string {
	return {
		image: __( 'Images', 'media-community-service' ),
		video: __( 'Videos', 'media-community-service' ),
		audio: __( 'Audio', 'media-community-service' ),
		document: __( 'Documents', 'media-community-service' ),
	}[ type ];
}

export function DeskFilters( {
	query,
	uploaderName,
	onFilter,
	onPerPage,
}: DeskFiltersProps ) {
	const [ search, setSearch ] = useState( query.search );
	useEffect( () => setSearch( query.search ), [ query.search ] );
	return (
		<div className="mvs-desk__filters">
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Media type', 'media-community-service' ) }
				value={ query.media_type ?? '' }
				options={ [
					{
						value: '',
						label: __( 'All types', 'media-community-service' ),
					},
					...MEDIA_TYPES.map( ( type ) => ( {
						value: type,
						label: typeLabel( type ),
					} ) ),
				] }
				onChange={ ( value: string ) =>
					onFilter( {
						media_type: ( value || null ) as DeskMediaType | null,
					} )
				}
			/>
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Report reason', 'media-community-service' ) }
				value={ query.reason ?? '' }
				options={ [
					{
						value: '',
						label: __( 'Any reason', 'media-community-service' ),
					},
					...REASONS.map( ( reason ) => ( {
						value: reason,
						label: reasonLabel( reason ),
					} ) ),
				] }
				onChange={ ( value: string ) =>
					onFilter( {
						reason: ( value || null ) as DeskReason | null,
					} )
				}
			/>
			<DeskUploaderFilter
				uploader={ query.uploader }
				knownName={ uploaderName }
				onChange={ ( uploader ) => onFilter( { uploader } ) }
			/>
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Items per page', 'media-community-service' ) }
				value={ String( query.perPage ) }
				options={ PER_PAGES.map( ( count ) => ( {
					value: String( count ),
					label: String( count ),
				} ) ) }
				onChange={ ( value: string ) =>
					onPerPage( Number( value ) as DeskPerPage )
				}
			/>
			<form
				role="search"
				className="mvs-desk__search"
				onSubmit={ ( event ) => {
					event.preventDefault();
					onFilter( { search: search.trim() } );
				} }
			>
				<TextControl
					__nextHasNoMarginBottom
					type="search"
					label={ __( 'Search titles', 'media-community-service' ) }
					value={ search }
					maxLength={ 200 }
					onChange={ setSearch }
				/>
				<Button variant="secondary" type="submit">
					{ __( 'Search', 'media-community-service' ) }
				</Button>
			</form>
		</div>
	);
}
