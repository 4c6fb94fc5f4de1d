import { check } from '../../src/checks/define-check.ts';
import { expectBody, expectClientError, expectNoServerError, expectStatusIn, expectSuccess, expectThat, fieldDifferences } from '../../src/checks/expect.ts';
import { createGroup } from '../../src/checks/fixtures.ts';
import { comparable } from './members.ts';

check('groups.retrieve.same-object', async (context) => {
  const { group } = await createGroup(context, {
    name: context.names.groupName('retrieve'),
    contacts: [{ username: context.names.username('member') }],
  });
  const response = await context.client.retrieveGroup(group.id);
  expectSuccess(response, 'GET /v1/groups/:id of a group just created');
  const retrieved = expectBody(response, 'group');
  // Contacts as sets of usernames: §2.2 shows neither their order nor their other fields.
  const differences = fieldDifferences(comparable(retrieved), comparable(group));
  expectThat(differences.length === 0, response, 'the object that create returned (§4.2: "Response: the group object")', differences.join('; '));
});

check('groups.retrieve.unknown-id', async (context) => {
  const response = await context.client.retrieveGroup(context.names.unknownId('group'));
  expectNoServerError(response, 'GET /v1/groups/:id of an id that does not exist');
  expectClientError(response, 'GET /v1/groups/:id of an id that does not exist');
});

check('groups.retrieve.unknown-id-404', async (context) => {
  const response = await context.client.retrieveGroup(context.names.unknownId('group'));
  expectStatusIn(response, [404], 'GET /v1/groups/:id of an id that does not exist');
});
