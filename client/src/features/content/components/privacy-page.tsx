import { privacyDocument } from '../documents/privacy';
import { ContentPage } from './content-page';

export default function PrivacyPage() {
  return <ContentPage document={privacyDocument} />;
}
