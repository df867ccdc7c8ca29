import ErrorCode from "./ErrorCode";
export default class ActionPendingError extends Error {
    code: ErrorCode;
    constructor(message?: string);
}
