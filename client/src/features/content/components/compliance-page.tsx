import { Card, Text, Title } from '@mantine/core';
import { useAppSelector } from '../../../lib/hooks';
import { useStructuredData } from '../../../shared/analytics/structured-data';
import { selectCountry } from '../../../lib/site/site-slice';
import { complianceDocument, complianceVideo } from '../documents/compliance';
import { ContentPage } from './content-page';

export default function CompliancePage() {
  const country = useAppSelector(selectCountry);
  const video = complianceVideo(country);
  useStructuredData('compliance-video', {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: video.name,
    description: video.description,
    duration: video.duration,
    uploadDate: '2026-11-01',
    thumbnailUrl: window.location.origin + '/favicon.svg',
  });
  return (
    <ContentPage
      document={complianceDocument(country)}
      before={
        <Card withBorder radius="md" bg="gray.0">
          <Title order={2} size="h4">
            {video.name}
          </Title>
          <Text size="sm" mt={4}>
            {video.description}
          </Text>
        </Card>
      }
    />
  );
}
