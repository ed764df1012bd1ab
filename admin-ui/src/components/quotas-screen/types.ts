import type { SiteRole } from '../quotas-package-form/types';

export interface QuotasScreenProps {
	/** The site's roles, from the page shell (no REST route lists them). */
	roles: SiteRole[];
}
