import { AccountNotices } from '../../features/accounts/components/account-notices';
import HomePage from '../../features/home/components/home-page';
import { ReviewsWidget } from '../../features/reviews/components/reviews-widget';
import { DrawWizard } from '../../features/wizard/components/draw-wizard';

/** Home with the account notices, the draw wizard and the reviews: the app composes features, which do not import each other. */
export default function HomeRoute() {
  return <HomePage Notices={AccountNotices} Wizard={DrawWizard} Reviews={ReviewsWidget} />;
}
