import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formContrastClass } from '../../../shared/forms/components/form-page';

/** The generators' page: the route's heading, a line on what it does, then the form or the result. */
export function GeneratorFrame({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Container size="md" px="md" py={{ base: 24, sm: 48 }} className={formContrastClass}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {title}
          </Title>
          <Text size="lg" c="gray.8">
            {intro}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
