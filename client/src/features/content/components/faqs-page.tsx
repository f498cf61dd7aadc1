import { Accordion, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAppSelector } from '../../../lib/hooks';
import { useRouteLink } from '../../../lib/use-route-link';
import { useStructuredData } from '../../../shared/analytics/structured-data';
import { selectCountry } from '../../../lib/site/site-slice';
import { faqsFor } from '../documents/faqs';

export default function FaqsPage() {
  const country = useAppSelector(selectCountry);
  const link = useRouteLink();
  const faqs = faqsFor(country);
  useStructuredData('faqs', {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({ '@type': 'Question', name: faq.question, acceptedAnswer: { '@type': 'Answer', text: faq.answer } })),
  });
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <Title order={1}>Frequently asked questions</Title>
        <Text size="lg" c="gray.8">
          Answers about running certified draws with FairDraw. Still unsure?{' '}
          <Anchor component={Link} to={link('contact')} underline="always">
            Ask us
          </Anchor>
          .
        </Text>
        <Accordion variant="separated" multiple>
          {faqs.map((faq) => (
            <Accordion.Item key={faq.question} value={faq.question}>
              <Accordion.Control>
                <Text component="h2" fw={600} fz="md" m={0}>
                  {faq.question}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>{faq.answer}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Container>
  );
}
