import { Container, List, Stack, Text, Title } from '@mantine/core';
import { useDates } from '../../../lib/use-dates';
import type { ReactNode } from 'react';
import type { ContentDocument } from '../content-document';

/** Renders a content document: a title, a lead and sections of paragraphs and lists. */
export function ContentPage({ document, children, before }: { document: ContentDocument; children?: ReactNode; before?: ReactNode }) {
  const { date } = useDates();
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{document.title}</Title>
          <Text size="lg" c="gray.8">
            {document.lead}
          </Text>
          {document.updated && (
            <Text size="sm" c="dimmed">
              Last updated {date(document.updated, 'UTC')}
            </Text>
          )}
        </Stack>
        {before}
        {document.sections.map((section) => (
          <Stack key={section.heading} gap="xs" component="section">
            <Title order={2} size="h3">
              {section.heading}
            </Title>
            {section.paragraphs?.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
            {section.list && (
              <List spacing={4}>
                {section.list.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            )}
            {section.after?.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
          </Stack>
        ))}
        {children}
      </Stack>
    </Container>
  );
}
