import { check } from '../../src/conformance/checks/define-check.ts';
import { expectUnchanged, snapshotOwnResources } from '../../src/conformance/checks/own-resources.ts';
import { expectRefused, isolationRule, secondUser } from './other-user.ts';

check('isolation.update.other-user', async (context) => {
  const second = await secondUser(context);
  const own = await snapshotOwnResources(context, 'isolation-update');
  const name = context.names.groupName('isolation renamed');
  const tried = {
    conversation: 'the second user\'s PUT /v1/conversations/:id with is_muted=true on the first user\'s conversation',
    group: 'the second user\'s PUT /v1/groups/:id with a new name on the first user\'s group',
  };
  expectRefused(await second.updateConversation(own.conversation.id, { is_muted: true }), own, [own.conversation.id], tried.conversation);
  expectRefused(await second.updateGroup(own.group.id, { name }), own, [own.group.id, name], tried.group);
  await expectUnchanged(context, own, tried, isolationRule);
});
