/**
 * The signed-in user's "continue chatting" row. Chat sessions arrive with the chat feature, which fills this
 * slot from /v1/chat_session/recent_list; until then it renders nothing.
 */
export function ContinueChatting() {
  return <div id="continue-chatting" hidden />;
}
