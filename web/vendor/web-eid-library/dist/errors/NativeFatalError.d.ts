import ErrorCode from "./ErrorCode";
export default class NativeFatalError extends Error {
    code: ErrorCode;
    constructor(message?: string);
}
