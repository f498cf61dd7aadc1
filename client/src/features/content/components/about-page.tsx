import { aboutDocument } from '../documents/about';
import { ContentPage } from './content-page';

export default function AboutPage() {
  return <ContentPage document={aboutDocument} />;
}
