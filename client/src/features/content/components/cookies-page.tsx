import { Box, Table, Title } from '@mantine/core';
import { cookieRows, cookiesDocument } from '../documents/cookies';
import { ContentPage } from './content-page';
import classes from './content.module.css';

export default function CookiesPage() {
  return (
    <ContentPage
      document={cookiesDocument}
      before={
        <section aria-labelledby="cookie-list">
          <Title order={2} size="h3" id="cookie-list" mb="xs">
            The cookies we set
          </Title>
          <Box className={classes.scroll} tabIndex={0} role="region" aria-label={'The cookies we set'}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Purpose</Table.Th>
                  <Table.Th>Lasts</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cookieRows.map((row) => (
                  <Table.Tr key={row.name}>
                    <Table.Td>
                      <code>{row.name}</code>
                    </Table.Td>
                    <Table.Td>{row.kind}</Table.Td>
                    <Table.Td>{row.purpose}</Table.Td>
                    <Table.Td>{row.lasts}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </section>
      }
    />
  );
}
