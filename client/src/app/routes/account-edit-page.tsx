import AccountEditPage from '../../features/accounts/components/account-edit-page';
import { AccountBilling } from '../../features/billing/components/account-billing';

/** The account page with the billing feature's panel: the app composes features, which do not import each other. */
export default function AccountEditRoute() {
  return <AccountEditPage Billing={AccountBilling} />;
}
