/** The API's messages a customer may read, in Simplified Chinese (docs/languages.md). */
import type { ErrorWords } from './en.ts';

const errorWords: ErrorWords = {
  codes: {
    VALIDATION_FAILED: '部分信息无效。',
    BAD_REQUEST: '无法理解该请求。',
    UNAUTHENTICATED: '请刷新页面重新登录。',
    COMPANY_NOT_FOUND: '找不到该商家。请检查链接或代码。',
    SERVICE_NOT_OFFERED: '本店不提供该服务项目。请另选一项。',
    WAIT_ENTRY_NOT_FOUND: '找不到该排队位置。',
    CSRF_FAILED: '请刷新页面后重试。',
    STATUS_CHANGE_NOT_ALLOWED: '目前无法进行这一步。',
    NO_LONGER_WAITING: '您已不在排队中，无需此操作。请到前台。',
    NEAR_TURN_ALREADY_TOLD: '我们已通知您快轮到您了。请返回前台。',
    MORE_TIME_USED: '您的延长时间已用过。方便时请到前台。',
    PROVIDER_NOT_FOUND: '该服务人员不在本店工作。',
    PROVIDER_UNKNOWN: '该服务人员不在本店工作。请向其索取新链接。',
    CHAT_NOT_FOUND: '找不到该对话。',
    SCREEN_LINK_INVALID: '此屏幕的链接无效，可能已被重置。请从管理后台重新打开候客区屏幕。',
    FEEDBACK_LINK_NOT_FOUND: '找不到此评分链接。请从短信中重新打开。',
    FEEDBACK_LINK_EXPIRED: '此评分链接已过期：链接在到店后7天内有效。感谢您的光临！',
    ROUTE_NOT_FOUND: '未找到。',
    PAYLOAD_TOO_LARGE: '请求过大。',
    PHONE_JOIN_LIMITED: '此电话号码在过去一小时内登记排队次数过多。请到前台咨询。',
    WALK_INS_CLOSED: '目前不接待未预约顾客。',
    WALK_INS_PAUSED: '等候名单已暂停。',
    NOT_TAKING_WALK_INS_ONLINE: '目前不在线接待未预约顾客。请到前台咨询。',
    WAIT_LIST_FULL: '等候名单目前已满。请稍后再来查看。',
    RATE_LIMITED: '请求过多。请稍候再试。',
    INTERNAL: '我们这边出了点问题。请重试。',
    UNAVAILABLE: '服务暂时不可用。请稍后再试。',
  },
  invalidPhone: '这不是有效的美国电话号码。请检查。',
};

export default errorWords;
