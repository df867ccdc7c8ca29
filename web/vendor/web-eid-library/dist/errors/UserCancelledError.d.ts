import ErrorCode from "./ErrorCode";
export default class UserCancelledError extends Error {
    code: ErrorCode;
    constructor(message?: string);
}
