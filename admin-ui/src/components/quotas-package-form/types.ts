import type { QuotaPackage } from '../../../../client/src/client';
import type { Failure, PackageFields } from '../../store/quotas/types';

/** A WordPress role a package can be tied to. */
export interface SiteRole {
	slug: string;
	name: string;
}

export interface PackageFormProps {
	/** The package edited; undefined for a new one. */
	initial?: QuotaPackage;
	roles: SiteRole[];
	saving: boolean;
	/** Why the last save failed. */
	error: Failure | null;
	onSubmit: ( fields: PackageFields ) => void;
	onCancel: () => void;
}
