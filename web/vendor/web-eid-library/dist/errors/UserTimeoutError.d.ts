import ErrorCode from "./ErrorCode";
export default class UserTimeoutError extends Error {
    code: ErrorCode;
    constructor(message?: string);
}
