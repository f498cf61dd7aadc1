import { Box, Alert, Anchor, Badge, Code, Group, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { apiDocument, CURL_EXAMPLE, TYPESCRIPT_EXAMPLE } from '../documents/api';
import { ContentPage } from './content-page';
import classes from './content.module.css';

interface Endpoint {
  method: string;
  path: string;
  summary: string;
  tag: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The endpoints of the OpenAPI document the server publishes at /api/docs/openapi.json. */
function endpointsOf(document: { paths?: Record<string, Partial<Record<string, { summary?: string; tags?: string[] }>>> }): Endpoint[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
    METHODS.filter((method) => operations[method]).map((method) => ({
      method: method.toUpperCase(),
      path,
      summary: operations[method]?.summary ?? '',
      tag: operations[method]?.tags?.[0] ?? 'other',
    })),
  );
}

function EndpointList() {
  const [endpoints, setEndpoints] = useState<Endpoint[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetch('/api/docs/openapi.json')
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((document) => live && setEndpoints(endpointsOf(document)))
      .catch((error: unknown) => {
        console.error('Could not load the OpenAPI document', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);
  if (failed) return <Alert color="red">The list of endpoints could not be loaded. The interactive reference has them all.</Alert>;
  if (!endpoints) return <Skeleton height={240} />;
  return (
    <Box className={classes.scroll} tabIndex={0} role="region" aria-label={'Endpoints'}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Endpoint</Table.Th>
            <Table.Th>Area</Table.Th>
            <Table.Th>What it does</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {endpoints.map((endpoint) => (
            <Table.Tr key={endpoint.method + endpoint.path}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Badge variant="outline" color="gray.8" radius="sm" w={64}>
                    {endpoint.method}
                  </Badge>
                  <Code>{endpoint.path}</Code>
                </Group>
              </Table.Td>
              <Table.Td>{endpoint.tag}</Table.Td>
              <Table.Td>{endpoint.summary}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

export default function ApiPage() {
  return (
    <ContentPage document={apiDocument}>
      <Stack gap="xs" component="section" aria-labelledby="api-examples">
        <Title order={2} size="h3" id="api-examples">
          Run a draw
        </Title>
        <Text>A draw of 1,250 entries with one prize and two reserves, paid with a credit and drawn at once. The answer is the new draw’s id.</Text>
        <Tabs defaultValue="curl">
          <Tabs.List>
            <Tabs.Tab value="curl">curl</Tabs.Tab>
            <Tabs.Tab value="ts">TypeScript</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="curl" pt="xs">
            <Code block tabIndex={0} aria-label="curl example">
              {CURL_EXAMPLE}
            </Code>
          </Tabs.Panel>
          <Tabs.Panel value="ts" pt="xs">
            <Code block tabIndex={0} aria-label="TypeScript example">
              {TYPESCRIPT_EXAMPLE}
            </Code>
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="api-endpoints">
        <Title order={2} size="h3" id="api-endpoints">
          Endpoints
        </Title>
        <Text>
          Every endpoint, from the OpenAPI document. The{' '}
          <Anchor href="/api/docs" underline="always">
            interactive reference at /api/docs
          </Anchor>{' '}
          shows each request and response field and lets you try calls with your test key; the machine-readable document is at{' '}
          <Anchor href="/api/docs/openapi.json" underline="always">
            /api/docs/openapi.json
          </Anchor>
          .
        </Text>
        <EndpointList />
      </Stack>
    </ContentPage>
  );
}
