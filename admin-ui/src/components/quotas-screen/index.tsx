/**
 * The Quotas screen (Pro): two tabs, Packages and Usage per member; the
 * member list loads when its tab is first opened. Snackbars of the screen's
 * notices context; errors show next to what caused them.
 */
import { TabPanel } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { NOTICE_CONTEXT } from '../../store/quotas';
import { Notices } from '../notices';
import { Members } from '../quotas-members';
import { Packages } from '../quotas-packages';
import type { QuotasScreenProps } from './types';

export function QuotasScreen( { roles }: QuotasScreenProps ) {
	return (
		<div className="mvs-quotas">
			<Notices context={ NOTICE_CONTEXT } />
			<TabPanel
				className="mvs-quotas__tabs"
				tabs={ [
					{
						name: 'packages',
						title: __( 'Packages', 'media-community-service-pro' ),
					},
					{
						name: 'members',
						title: __(
							'Usage per member',
							'media-community-service-pro'
						),
					},
				] }
			>
				{ ( tab ) =>
					'members' === tab.name ? (
						<Members />
					) : (
						<Packages roles={ roles } />
					)
				}
			</TabPanel>
		</div>
	);
}
