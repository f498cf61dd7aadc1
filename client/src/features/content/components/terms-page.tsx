import { termsDocument } from '../documents/terms';
import { ContentPage } from './content-page';

export default function TermsPage() {
  return <ContentPage document={termsDocument} />;
}
