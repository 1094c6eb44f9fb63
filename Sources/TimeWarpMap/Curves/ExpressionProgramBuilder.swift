/// Appends instructions to a postfix program, folding operations whose inputs are all constants
/// (each constant subexpression then occupies exactly one `.constant` at the end of the program).
struct ExpressionProgramBuilder {
    /// The program so far.
    private(set) var program: [ExpressionInstruction] = []

    /// Appends `instruction`, or folds it with the constants it would consume.
    mutating func emit(_ instruction: ExpressionInstruction) {
        let k = instruction.inputs
        if k > 0, program.count >= k {
            var args: [Double] = []
            args.reserveCapacity(k)
            for ins in program[(program.count - k)...] {
                guard case .constant(let v) = ins else { break }
                args.append(v)
            }
            if args.count == k, let v = instruction.fold(args[...]) {
                program.removeLast(k)
                program.append(.constant(v))
                return
            }
        }
        program.append(instruction)
    }
}
