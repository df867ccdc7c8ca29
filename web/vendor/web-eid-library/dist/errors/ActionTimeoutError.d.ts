import ErrorCode from "./ErrorCode";
export default class ActionTimeoutError extends Error {
    code: ErrorCode;
    constructor(message?: string);
}
