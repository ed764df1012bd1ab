/**
 * Notices go to WordPress's `core/notices` store, one context per screen:
 * errors as notices that stay until dismissed, successes as snackbars.
 */
import type {
	dispatch as registryDispatch,
	select as registrySelect,
} from '@wordpress/data';
import { store as noticesStore } from '@wordpress/notices';

/** What a thunk receives as `registry`: the registry the store is registered in. */
export interface Registry {
	dispatch: typeof registryDispatch;
	select: typeof registrySelect;
}

export function showError(
	registry: Registry,
	context: string,
	message: string
): void {
	void registry
		.dispatch( noticesStore )
		.createErrorNotice( message, { context } );
}

export function showSuccess(
	registry: Registry,
	context: string,
	message: string
): void {
	void registry
		.dispatch( noticesStore )
		.createSuccessNotice( message, { context, type: 'snackbar' } );
}

/** Drops the error notices of a context (before a new attempt). */
export function clearErrors( registry: Registry, context: string ): void {
	const notices = registry.select( noticesStore ).getNotices( context );
	for ( const notice of notices ) {
		if ( 'error' === notice.status ) {
			void registry
				.dispatch( noticesStore )
				.removeNotice( notice.id, context );
		}
	}
}
