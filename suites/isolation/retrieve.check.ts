import { check } from '../../src/conformance/checks/define-check.ts';
import { createOwnResources } from '../../src/conformance/checks/own-resources.ts';
import { expectRefused, secondUser } from './other-user.ts';

check('isolation.retrieve.other-user', async (context) => {
  const second = await secondUser(context);
  const own = await createOwnResources(context, 'isolation-retrieve');
  expectRefused(await second.retrieveConversation(own.conversation.id), own, [own.conversation.id],
    'the second user\'s GET /v1/conversations/:id of the first user\'s conversation');
  expectRefused(await second.retrieveGroup(own.group.id), own, [own.group.id],
    'the second user\'s GET /v1/groups/:id of the first user\'s group');
});
